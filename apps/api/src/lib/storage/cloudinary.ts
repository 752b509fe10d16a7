/**
 * Photos on Cloudinary (CLOUDINARY_URL=cloudinary://key:secret@cloud). The widest rendition is
 * uploaded once; the narrower ones are Cloudinary transformation URLs (c_limit,w_…), resized
 * and cached by its CDN on first request. Deletion is the SDK's destroy.
 *
 * Credentials are passed on every call rather than through the SDK's global config, so the
 * adapter depends only on our parsed config. CLOUDINARY_UPLOAD_PREFIX points the upload API
 * elsewhere (tests use a loopback stand-in); an http:// prefix needs a plain http agent.
 */
import { Agent } from 'node:http';
import { v2 as cloudinary, type UploadApiResponse } from 'cloudinary';
import type { PhotoStore, ProcessedPhoto, StoredPhoto } from './index.js';

const FOLDER = 'tshirt-shop';

interface Account {
  cloud_name: string;
  api_key: string;
  api_secret: string;
  secure_distribution?: string;
  private_cdn?: boolean;
}

/** cloudinary://api_key:api_secret@cloud_name[/secure_distribution] */
export function parseCloudinaryUrl(url: string): Account {
  const u = new URL(url);
  const account: Account = {
    cloud_name: u.hostname,
    api_key: decodeURIComponent(u.username),
    api_secret: decodeURIComponent(u.password),
  };
  if (!account.cloud_name || !account.api_key || !account.api_secret) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://api_key:api_secret@cloud_name');
  }
  if (u.pathname && u.pathname !== '/') {
    account.private_cdn = true;
    account.secure_distribution = u.pathname.slice(1);
  }
  return account;
}

/** The SDK rejects with plain objects ({ message, http_code }); make them Errors. */
function sdkError(action: string, err: unknown): Error {
  const e = err as { message?: string; http_code?: number } | undefined;
  return new Error(
    `Cloudinary ${action} failed${e?.http_code ? ` (${e.http_code})` : ''}: ${e?.message ?? 'unknown error'}`,
  );
}

export function createCloudinaryPhotoStore(opts: {
  url: string;
  uploadPrefix?: string | undefined;
}): PhotoStore {
  const account = parseCloudinaryUrl(opts.url);
  const api = {
    ...account,
    ...(opts.uploadPrefix ? { upload_prefix: opts.uploadPrefix.replace(/\/+$/, '') } : {}),
    // The SDK picks http/https once, from the global config; an explicit agent overrides it.
    ...(opts.uploadPrefix?.startsWith('http:') ? { agent: new Agent({ keepAlive: true }) } : {}),
    timeout: 30_000,
  };

  function deliveryUrl(publicId: string, version: number, width: number): string {
    return cloudinary.url(publicId, {
      ...account,
      secure: true,
      // No "?_a=…" SDK analytics tag: clean, stable URLs.
      urlAnalytics: false,
      version,
      format: 'webp',
      transformation: [{ width, crop: 'limit', quality: 'auto' }],
    });
  }

  function upload(data: Buffer, publicId: string): Promise<UploadApiResponse> {
    return new Promise((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream(
        { ...api, public_id: publicId, resource_type: 'image', overwrite: true },
        (err, result) => (err || !result ? reject(sdkError('upload', err)) : resolve(result)),
      );
      stream.end(data);
    });
  }

  return {
    kind: 'cloudinary',
    async save(photo: ProcessedPhoto): Promise<StoredPhoto> {
      const widest = photo.variants[photo.variants.length - 1]!;
      const result = await upload(widest.data, `${FOLDER}/${photo.name}`);
      const widths = photo.variants.map((v) => ({
        width: v.width,
        url: deliveryUrl(result.public_id, result.version, v.width),
      }));
      return { key: result.public_id, url: widths[widths.length - 1]!.url, widths };
    },
    async remove(photo: StoredPhoto): Promise<void> {
      let result: { result?: string };
      try {
        result = await cloudinary.uploader.destroy(photo.key, {
          ...api,
          resource_type: 'image',
          invalidate: true,
        } as {
          resource_type: 'image';
        });
      } catch (err) {
        throw sdkError('destroy', err);
      }
      if (result.result !== 'ok' && result.result !== 'not found')
        throw sdkError('destroy', { message: result.result });
    },
  };
}
