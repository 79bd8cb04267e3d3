// Uses Node built-ins only: `npm test` runs it before anything is built.
import { aptInstall, which } from './apt.mjs';

/**
 * The Kubernetes checks render k8s/overlays/* with `kubectl kustomize` (no cluster needed).
 * Installed with apt-get when missing, as chromium and librdkafka-dev are; KUBECTL points elsewhere.
 */
export function ensureKubectl() {
  if (process.env.KUBECTL) return process.env.KUBECTL;
  const found = which('kubectl');
  if (found) return found;
  if (!aptInstall(['kubectl'], 'the Kubernetes manifest checks')) {
    throw new Error('Could not install kubectl with apt-get; the Kubernetes checks need it (or set KUBECTL to a kubectl binary)');
  }
  const installed = which('kubectl');
  if (!installed) throw new Error('apt-get installed kubectl but it is not on PATH');
  return installed;
}
