import { useEffect, useState } from 'react'
import type { RegistryEntryView } from '../../../shared/registry/registry-view'
import { useAppState } from '../app/store-context'
import { placeholderLetter } from './registry-labels'

/**
 * An entry's icon, fetched by the host (the renderer never loads a remote image itself), or a neutral
 * letter while it loads, when there is none, or when it could not be fetched. Decorative: the title
 * beside it names the entry.
 */
export function RegistryIcon({ entry }: { entry: RegistryEntryView }) {
  const registryIcon = useAppState((state) => state.registryIcon)
  const { registryUrl, name, hasIcon } = entry
  const key = `${registryUrl} ${name}`
  // Keyed by entry, so a row reused for another entry never shows the previous entry's icon.
  const [fetched, setFetched] = useState<{ key: string; dataUrl: string } | null>(null)
  const dataUrl = fetched?.key === key ? fetched.dataUrl : null

  useEffect(() => {
    if (!hasIcon) return
    let shown = true
    void registryIcon(registryUrl, name).then((url) => {
      // Only an image the host encoded; anything else keeps the letter.
      if (shown && url?.startsWith('data:image/')) setFetched({ key: `${registryUrl} ${name}`, dataUrl: url })
    })
    return () => {
      shown = false
    }
  }, [registryIcon, registryUrl, name, hasIcon])

  if (dataUrl) return <img className="registry-icon" src={dataUrl} alt="" width={32} height={32} />
  return (
    <span className="registry-icon registry-icon--letter" aria-hidden="true">
      {placeholderLetter(entry)}
    </span>
  )
}
