// Files that are not images are dropped before the upload, with
// a warning. Only a first sorting by declared type: the server decodes every
// file and refuses anything that is not a real JPEG, PNG or WebP.

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export function splitImageFiles(files: readonly File[]): { images: File[]; rejected: File[] } {
  const images: File[] = []
  const rejected: File[] = []
  for (const file of files) {
    ;((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) ? images : rejected).push(file)
  }
  return { images, rejected }
}
