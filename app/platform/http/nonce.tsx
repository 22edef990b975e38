import { createContext, useContext } from "react";

// The CSP nonce is made per request in entry.server and handed to <Scripts> through context.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
