import { log } from '../lib/log';
import { ownCompanyLogoKey, type PhotoStorage } from '../photos';

/**
 * The bytes of the logo a quote's letterhead carries (its issued
 * company.companyLogo: an upload's own key, never overwritten, and kept when
 * Settings get another logo, so an issued quote's PDF keeps the logo it was
 * issued with). Null, and the PDF draws the initials, for no logo, the seed's
 * SVG or an outside address, a host without photo storage, or a file gone.
 */
export async function letterheadLogo(storage: PhotoStorage | undefined, companyLogo: string): Promise<Uint8Array | null> {
  const key = ownCompanyLogoKey(companyLogo);
  if (!key) return null;
  if (!storage) {
    log.warn('no photo storage on this host: the letterhead shows the initials', { key });
    return null;
  }
  const bytes = await storage.read(key);
  if (!bytes) log.warn('letterhead logo not found: the letterhead shows the initials', { key });
  return bytes;
}
