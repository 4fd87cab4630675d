import type { UserConfigField } from '../../../shared/import/bundle-info'
import { TextField } from '../ui/text-field'

function label(field: UserConfigField): string {
  return field.required ? `${field.title} (required)` : field.title
}

function range(field: UserConfigField): string | null {
  if (field.min !== undefined && field.max !== undefined) return `From ${field.min} to ${field.max}.`
  if (field.min !== undefined) return `At least ${field.min}.`
  if (field.max !== undefined) return `At most ${field.max}.`
  return null
}

/** What goes under the field: the bundle's description, then how MCP Desk reads or keeps the value. */
function hint(field: UserConfigField): string {
  const description = field.description.trim()
  // Manifests often leave the full stop off; the sentences MCP Desk adds after it need one.
  const parts = [description && !/[.!?…:]$/.test(description) ? `${description}.` : description]
  if (field.sensitive) parts.push('Kept in the secret store, never in the settings file.')
  if (field.type === 'number') parts.push(range(field) ?? 'A number.')
  if (field.type === 'directory' || field.type === 'file') {
    // Web mode has no native picker, so paths are typed (or pasted) in full.
    const what = field.type === 'directory' ? 'folder' : 'file'
    parts.push(field.multiple ? `One absolute ${what} path per line.` : `The ${what}'s absolute path.`)
  }
  return parts.filter((part) => part !== '').join(' ')
}

/**
 * One setting the bundle asks for, as the matching control: a password field for a sensitive value, a
 * checkbox for a toggle, a text field (one path per line when several are allowed) for the rest.
 */
export function UserConfigFieldControl({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string
  field: UserConfigField
  value: string | boolean
  error?: string
  onChange: (value: string | boolean) => void
}) {
  if (field.type === 'boolean') {
    const hintId = `${id}-hint`
    return (
      <div className="field">
        <label className="checkbox">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-describedby={field.description ? hintId : undefined}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label(field)}
        </label>
        {field.description && (
          <p id={hintId} className="field-hint">
            {field.description}
          </p>
        )}
      </div>
    )
  }
  const isPathList = (field.type === 'directory' || field.type === 'file') && field.multiple
  return (
    <TextField
      id={id}
      label={label(field)}
      value={typeof value === 'string' ? value : ''}
      error={error}
      hint={hint(field) || undefined}
      type={field.sensitive ? 'password' : 'text'}
      multiline={isPathList && !field.sensitive}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      onChange={onChange}
    />
  )
}
