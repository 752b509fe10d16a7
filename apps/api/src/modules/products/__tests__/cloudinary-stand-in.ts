/**
 * A loopback stand-in for Cloudinary's upload API (POST /v1_1/{cloud}/image/upload and
 * /image/destroy), answering like Cloudinary does, so the real SDK runs end to end. It checks
 * the API key and the request signature (sha1 of the sorted parameters plus the secret).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import multer from 'multer';
import sharp from 'sharp';

export interface StandInAsset {
  publicId: string;
  bytes: Buffer;
  version: number;
}

export async function startCloudinaryStandIn(account: {
  cloud: string;
  key: string;
  secret: string;
}) {
  const assets = new Map<string, StandInAsset>();
  const calls: Array<{
    action: 'upload' | 'destroy';
    publicId: string;
    params: Record<string, string>;
  }> = [];
  let failNext: number | undefined;

  const signatureOk = (params: Record<string, string>) => {
    const toSign = Object.entries(params)
      .filter(
        ([k, v]) =>
          !['file', 'api_key', 'signature', 'cloud_name', 'resource_type'].includes(k) && v !== '',
      )
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`.replace(/&/g, '%26'))
      .join('&');
    return (
      createHash('sha1')
        .update(toSign + account.secret)
        .digest('hex') === params.signature
    );
  };

  const app = express();
  const form = multer({ storage: multer.memoryStorage() }).any();
  app.post('/v1_1/:cloud/image/:action', form, async (req, res) => {
    const params = req.body as Record<string, string>;
    const action = req.params.action as 'upload' | 'destroy';
    if (req.params.cloud !== account.cloud)
      return res.status(404).json({ error: { message: 'Invalid cloud_name' } });
    if (params.api_key !== account.key)
      return res.status(401).json({ error: { message: `Unknown API key ${params.api_key}` } });
    if (!signatureOk(params))
      return res.status(401).json({ error: { message: 'Invalid Signature' } });
    if (failNext !== undefined) {
      const status = failNext;
      failNext = undefined;
      return res.status(status).json({ error: { message: 'Stand-in failure' } });
    }
    const publicId = params.public_id ?? '';
    calls.push({ action, publicId, params });
    if (action === 'destroy') {
      const existed = assets.delete(publicId);
      return res.json({ result: existed ? 'ok' : 'not found' });
    }
    const file = (req.files as Express.Multer.File[] | undefined)?.find(
      (f) => f.fieldname === 'file',
    );
    if (!file)
      return res.status(400).json({ error: { message: 'Missing required parameter - file' } });
    const meta = await sharp(file.buffer).metadata();
    const version = 1_700_000_000 + assets.size + calls.length;
    assets.set(publicId, { publicId, bytes: file.buffer, version });
    const path = `image/upload/v${version}/${publicId}.${meta.format}`;
    res.json({
      asset_id: createHash('md5').update(publicId).digest('hex'),
      public_id: publicId,
      version,
      version_id: createHash('md5').update(String(version)).digest('hex'),
      signature: createHash('sha1')
        .update(publicId + version)
        .digest('hex'),
      width: meta.width,
      height: meta.height,
      format: meta.format,
      resource_type: 'image',
      created_at: new Date().toISOString(),
      tags: [],
      bytes: file.size,
      type: 'upload',
      etag: createHash('md5').update(file.buffer).digest('hex'),
      placeholder: false,
      url: `http://res.cloudinary.com/${account.cloud}/${path}`,
      secure_url: `https://res.cloudinary.com/${account.cloud}/${path}`,
      asset_folder: publicId.split('/').slice(0, -1).join('/'),
      original_filename: 'file',
      api_key: account.key,
    });
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    assets,
    calls,
    /** The next call answers this HTTP status with a Cloudinary-style error body. */
    failNextWith(status: number) {
      failNext = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
