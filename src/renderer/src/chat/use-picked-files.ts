import { useRef, useState } from 'react'
import { readPickedFile, roomForFiles, type FileLike, type PickedFile } from './attached-files-model'

/** The files waiting above the composer, and why the last pick was refused (too many, too large). */
export function usePickedFiles() {
  const [picked, setPicked] = useState<PickedFile[]>([])
  const [error, setError] = useState<string | null>(null)
  const nextKey = useRef(0)

  const add = async (files: readonly FileLike[]) => {
    const full = roomForFiles(picked.length, files.length)
    if (full) {
      setError(full)
      return
    }
    const read = await Promise.allSettled(
      files.map((file) => readPickedFile(file, `file-${nextKey.current++}`)),
    )
    const refused = read.flatMap((result) =>
      result.status === 'rejected'
        ? [result.reason instanceof Error ? result.reason.message : String(result.reason)]
        : [],
    )
    setError(refused.length > 0 ? refused.join(' ') : null)
    const accepted = read.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    setPicked((previous) => [...previous, ...accepted])
  }
  const remove = (key: string) => setPicked((previous) => previous.filter((file) => file.key !== key))
  const clear = () => {
    setPicked([])
    setError(null)
  }
  return { picked, error, add, remove, clear }
}
