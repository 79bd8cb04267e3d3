import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { APP_CONFIG } from '@salon/nest-kit';
import type { DocumentsConfig } from '../../../config.js';

/** The storage port: where files live. S3 (the official SDK) in production, the local S3-compatible peer here. */
export abstract class FileStore {
  abstract put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when no such object exists. */
  abstract get(key: string): Promise<Uint8Array | null>;
  abstract delete(key: string): Promise<void>;
  /** A short-lived GET link; the bucket itself is never public. */
  abstract downloadUrl(key: string, options: { fileName: string; contentType: string; seconds: number; inline?: boolean }): Promise<string>;
}

@Injectable()
export class S3FileStore extends FileStore implements OnModuleInit {
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(@Inject(APP_CONFIG) private readonly config: DocumentsConfig) {
    super();
    this.bucket = config.S3_BUCKET;
    this.s3 = new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    });
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.S3_CREATE_BUCKET) return;
    try {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch {
      await this.s3.send(new CreateBucketCommand({ Bucket: this.bucket })).catch((error: unknown) => {
        if (!(error instanceof S3ServiceException && /BucketAlready/.test(error.name))) throw error;
      });
    }
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const res = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.Body ? await res.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  downloadUrl(key: string, options: { fileName: string; contentType: string; seconds: number; inline?: boolean }): Promise<string> {
    const disposition = `${options.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(options.fileName)}`;
    return getSignedUrl(
      this.s3,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ResponseContentType: options.contentType,
      }),
      { expiresIn: options.seconds },
    );
  }
}
