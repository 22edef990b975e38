import { professionals } from "~/platform/schema";

/** The columns ProfessionalHeader shows (summaryOf), and only those: select them with a row's other needs. */
export const summaryColumns = {
  id: professionals.id,
  name: professionals.name,
  title: professionals.title,
  company: professionals.company,
  location: professionals.location,
  profileImage: professionals.profileImage,
  certifications: professionals.certifications,
  feeModel: professionals.feeModel,
  feeMinimum: professionals.feeMinimum,
  languages: professionals.languages,
};
