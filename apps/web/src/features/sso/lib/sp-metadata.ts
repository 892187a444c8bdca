/** The file name of the downloaded SP metadata: `sp-metadata-<account>.xml`. */
export function spMetadataFileName(metadataUrl: string, fallbackAccount: string): string {
  let account = fallbackAccount;
  try {
    account =
      new URL(metadataUrl, 'http://console.invalid').searchParams.get('accountName') || fallbackAccount;
  } catch {
    // keep the fallback
  }
  const safe = account.replace(/[^A-Za-z0-9._-]/g, '_') || 'account';
  return `sp-metadata-${safe}.xml`;
}
