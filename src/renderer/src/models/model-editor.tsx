import { useId } from 'react'
import {
  IMAGE_MIME_TYPES,
  type AudioFormat,
  type Modality,
  type ModelConfig,
} from '../../../shared/models/model-schema'
import type { ProviderView } from '../../../shared/settings/settings-view'
import {
  buildModelInput,
  modelFormFromConfig,
  toggled,
  type ImageMime,
  type ModelFormState,
  type Score,
} from './model-form-model'
import { modelName } from './model-labels'
import { useAppState } from '../app/store-context'
import { CheckboxGroup } from '../ui/checkbox-group'
import { ScoreSlider } from './score-slider'
import { KnowledgeChoice } from './knowledge-choice'
import {
  capabilityFacts,
  FACT_SOURCE_LABELS,
  modalityKnowledge,
} from '../../../shared/models/capability-facts'
import type { CapabilityFact } from '../../../shared/models/model-schema'
import { TextField } from '../ui/text-field'
import { useDrawerForm } from '../ui/use-drawer-form'
import { DrawerFormFooter } from '../ui/drawer-form-footer'

/**
 * The Accepts boxes say yes or no, but nobody may have stated whether the model takes images or audio: an
 * unticked box must not pass for "no". The hint says which are unknown; left alone they stay unknown (an
 * edit sends only what changed), ticked they are recorded as yours.
 */
function acceptsHint(capabilities: ModelConfig['capabilities']): string {
  const base = 'Requests with content the model does not accept are never sent to it, nor converted.'
  const unknown = (['image', 'audio'] as const).filter(
    (m) => modalityKnowledge(capabilities, m) === 'unknown',
  )
  if (unknown.length === 0) return base
  const names = unknown.map((m) => (m === 'image' ? 'images' : 'audio')).join(' and ')
  return `${base} Whether it takes ${names} is unknown (no provider or family table says): left unticked it stays unknown; tick to say it does.`
}

const modalities: Array<{ value: Modality; label: string }> = [
  { value: 'text', label: 'Text' },
  { value: 'image', label: 'Images' },
  { value: 'audio', label: 'Audio' },
]
const allModalities = modalities.map((option) => option.value)
const imageTypes = IMAGE_MIME_TYPES.map((mime) => ({ value: mime, label: mime.replace('image/', '') }))
const audioFormats: Array<{ value: AudioFormat; label: string }> = [
  { value: 'wav', label: 'WAV' },
  { value: 'mp3', label: 'MP3' },
]
const allAudioFormats = audioFormats.map((option) => option.value)

const scores: Array<{ key: Score; label: string; hint: string }> = [
  {
    key: 'cost',
    label: 'Cost',
    hint: 'How expensive the model is: 1 = the priciest. A server asking for low cost favours low values.',
  },
  { key: 'speed', label: 'Speed', hint: 'How fast it answers: 1 = the fastest.' },
  { key: 'intelligence', label: 'Intelligence', hint: 'How capable it is: 1 = the most capable.' },
]

function staleErrorKeys(_form: ModelFormState, key: keyof ModelFormState): string[] {
  if (key === 'inputPerMillion' || key === 'outputPerMillion') return ['inputPerMillion', 'outputPerMillion']
  if (key === 'modalities') return ['modalities', 'imageMimeTypes', 'audioFormats']
  return [key]
}

/**
 * Edits what MCP Desk knows about one model: MCP publishes no model list and no modality discovery, so
 * these capabilities are what sampling requests are matched against. Every field is saved as shown.
 */
export function ModelEditor({
  provider,
  model,
  onDone,
  onCancel,
}: {
  provider: ProviderView
  model: ModelConfig
  onDone: () => void
  onCancel: () => void
}) {
  const saveModel = useAppState((state) => state.saveModel)
  const { form, errors, hostProblem, busy, formRef, headingRef, change, submit, onKeyDown } = useDrawerForm({
    initial: () => modelFormFromConfig(model),
    staleKeys: staleErrorKeys,
    onCancel,
  })
  const id = useId()
  const title = `Edit ${modelName(model)}`
  // Where the saved fact came from, as the model row says it; absent while it is unknown.
  const sourceOf = (fact: CapabilityFact): string | undefined => {
    const state = capabilityFacts(model.capabilities).find((candidate) => candidate.fact === fact)
    return state?.known ? FACT_SOURCE_LABELS[state.source] : undefined
  }

  return (
    <form
      className="server-form model-editor"
      aria-label={title}
      ref={formRef}
      data-testid="model-editor"
      noValidate
      onSubmit={(event) =>
        void submit(
          event,
          () =>
            buildModelInput(model.id, form, {
              hadPricing: model.pricing !== undefined,
              initial: modelFormFromConfig(model),
            }),
          (input) => saveModel(provider.id, input),
          onDone,
        )
      }
      onKeyDown={onKeyDown}
    >
      <h3 className="server-form-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      <p className="hint selectable">
        <code>{model.id}</code> at {provider.name}
      </p>
      <TextField
        id={`${id}-display-name`}
        label="Display name (optional)"
        value={form.displayName}
        error={errors.displayName}
        placeholder={model.id}
        onChange={(v) => change('displayName', v)}
      />
      <CheckboxGroup
        id={`${id}-modalities`}
        legend="Accepts"
        options={modalities}
        selected={form.modalities}
        error={errors.modalities}
        hint={acceptsHint(model.capabilities)}
        onChange={(value, on) => change('modalities', toggled(form.modalities, value, on, allModalities))}
      />
      <TextField
        id={`${id}-max-text`}
        label="Largest text item (KiB)"
        inputMode="decimal"
        value={form.maxTextKiB}
        error={errors.maxTextKiB}
        onChange={(v) => change('maxTextKiB', v)}
      />
      {form.modalities.includes('image') && (
        <>
          <CheckboxGroup<ImageMime>
            id={`${id}-image-types`}
            legend="Image types"
            options={imageTypes}
            selected={form.imageMimeTypes}
            error={errors.imageMimeTypes}
            onChange={(value, on) =>
              change('imageMimeTypes', toggled(form.imageMimeTypes, value, on, IMAGE_MIME_TYPES))
            }
          />
          <TextField
            id={`${id}-max-image`}
            label="Largest image (MiB)"
            inputMode="decimal"
            value={form.maxImageMiB}
            error={errors.maxImageMiB}
            onChange={(v) => change('maxImageMiB', v)}
          />
        </>
      )}
      {form.modalities.includes('audio') && (
        <CheckboxGroup
          id={`${id}-audio-formats`}
          legend="Audio formats"
          options={audioFormats}
          selected={form.audioFormats}
          error={errors.audioFormats}
          hint="What the OpenAI-compatible API takes: WAV and MP3."
          onChange={(value, on) =>
            change('audioFormats', toggled(form.audioFormats, value, on, allAudioFormats))
          }
        />
      )}
      <div className="field-pair">
        <TextField
          id={`${id}-context-window`}
          label="Context window (tokens)"
          inputMode="numeric"
          value={form.contextWindow}
          error={errors.contextWindow}
          onChange={(v) => change('contextWindow', v)}
        />
        <TextField
          id={`${id}-max-output`}
          label="Max output tokens"
          inputMode="numeric"
          value={form.maxOutputTokens}
          error={errors.maxOutputTokens}
          onChange={(v) => change('maxOutputTokens', v)}
        />
      </div>
      <KnowledgeChoice
        id={`${id}-tools`}
        legend="Calls tools (requests that offer tools need this)"
        value={form.toolCalling}
        source={sourceOf('toolCalling')}
        onChange={(value) => change('toolCalling', value)}
      />
      <KnowledgeChoice
        id={`${id}-temperature`}
        legend="Accepts a temperature (left out only when known not to)"
        value={form.temperature}
        source={sourceOf('temperature')}
        onChange={(value) => change('temperature', value)}
      />
      <fieldset className="plain-fieldset field score-fieldset">
        <legend className="field-label">Scores, 0–1 (rank models against a server's priorities)</legend>
        {scores.map((score) => (
          <ScoreSlider
            key={score.key}
            id={`${id}-score-${score.key}`}
            label={score.label}
            hint={score.hint}
            value={form.scores[score.key]}
            source={sourceOf(score.key)}
            onChange={(value) => change('scores', { ...form.scores, [score.key]: value })}
          />
        ))}
      </fieldset>
      <fieldset className="plain-fieldset field">
        <legend className="field-label">Pricing (optional, US dollars per million tokens)</legend>
        <div className="field-pair">
          <TextField
            id={`${id}-price-input`}
            label="Input"
            inputMode="decimal"
            value={form.inputPerMillion}
            error={errors.inputPerMillion}
            onChange={(v) => change('inputPerMillion', v)}
          />
          <TextField
            id={`${id}-price-output`}
            label="Output"
            inputMode="decimal"
            value={form.outputPerMillion}
            error={errors.outputPerMillion}
            onChange={(v) => change('outputPerMillion', v)}
          />
        </div>
      </fieldset>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <DrawerFormFooter
        testId="model-editor"
        editing={true}
        busy={busy}
        hostProblem={hostProblem}
        onCancel={onCancel}
      />
    </form>
  )
}
