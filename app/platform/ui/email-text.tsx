/**
 * An e-mail address that wraps only right after its @ when the line is too short (e.g. at 375 px), never
 * inside a word. Its container should use `break-words` (not `overflow-wrap: anywhere`), so a line that is
 * still too long is the only case where the address breaks elsewhere.
 */
export function EmailText({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
