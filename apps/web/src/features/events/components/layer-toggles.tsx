import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { LAYERS, type LayerId, type LayerToggles, recallLayers, rememberLayers } from '../lib/layers';

/** The layer toggles, remembered by this browser (the calendar page and Home's week share them). */
export function useLayerToggles(): [LayerToggles, (id: LayerId, on: boolean) => void] {
  const [toggles, setToggles] = useState<LayerToggles>(recallLayers);
  const set = (id: LayerId, on: boolean) =>
    setToggles((current) => {
      const next = { ...current, [id]: on };
      rememberLayers(next);
      return next;
    });
  return [toggles, set];
}

/** One pressed/unpressed button per layer, with its colour. Wraps on narrow screens. */
export function LayerToggleBar({
  toggles,
  onToggle,
}: {
  toggles: LayerToggles;
  onToggle: (id: LayerId, on: boolean) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
      <legend className="sr-only">{t('events:calendarLayers')}</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-espresso">
        {t('events:show')}
      </span>
      {LAYERS.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={toggles[id]}
          onClick={() => onToggle(id, !toggles[id])}
          className={`hearth-layer-${id} inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
            toggles[id]
              ? 'border-tan bg-tan-light text-espresso'
              : 'border-line bg-field text-muted line-through decoration-1'
          }`}
        >
          <span className="hearth-layer-swatch" aria-hidden="true" />
          {t(label)}
        </button>
      ))}
    </fieldset>
  );
}
