import { useMutation } from '@tanstack/react-query'
import { array, object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

const uploadSchema = dataOf(object({ urls: array(string()) }))

/** Pictures of phones on 3G take time: a minute before giving up on an upload. */
const UPLOAD_TIMEOUT_MS = 60_000

/**
 * POST /api/upload/images (multipart: repeated `images`, `type=product`) →
 * the stored pictures' URLs, one per file, in the same order. The server
 * decodes each file and refuses anything that is not a real image.
 */
export async function uploadImages(files: File[]): Promise<string[]> {
  const form = new FormData()
  for (const file of files) form.append('images', file, file.name)
  form.append('type', 'product')
  // A POST is not retried: the same pictures would be stored twice.
  const body = await api.post('/upload/images', form, uploadSchema, { timeoutMs: UPLOAD_TIMEOUT_MS })
  return body.data.urls
}

export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages })
}
