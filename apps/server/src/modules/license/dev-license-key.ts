/**
 * The development key pair of Huawei-cloud licenses: outside production mode, licenses are
 * verified with this public key unless HUAWEI_LICENSE_PUBLIC_KEY says otherwise, and the CLI
 * issues test licenses with its private key. Production mode never uses it: a deployment
 * configures the public key of its license issuer.
 */
export const devLicensePublicKey = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA40d4HIHszZp29K+4GT5KLTkH+XA8bGn+joYs75z8X0Q=
-----END PUBLIC KEY-----`;

export const devLicensePrivateKey = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIOIBPOFdT0hJI7TgfWiPBMmMb4i7TxpOoDvrPm0oCBFF
-----END PRIVATE KEY-----`;
