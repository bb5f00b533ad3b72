import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { signingKeyFromSecret, type SigningKey, type SigningKeyProvider } from './signing-key';

/**
 * The deployed key: the secret named by JWT_SECRET_ARN (infra's Auth
 * construct) is read once per cold start and the key pair derived from it.
 * A failed read is not cached, so the next request tries again.
 */
export function secretsManagerSigningKey(secretArn: string, client = new SecretsManagerClient({})): SigningKeyProvider {
  let pending: Promise<SigningKey> | undefined;
  return {
    getSigningKey: () => {
      pending ??= client
        .send(new GetSecretValueCommand({ SecretId: secretArn }))
        .then(({ SecretString }) => {
          if (!SecretString) throw new Error('The JWT signing key secret has no string value');
          return signingKeyFromSecret(SecretString);
        })
        .catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
      return pending;
    },
  };
}
