import { type LucideIcon, Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n';
import { THEME_CHOICES, type ThemeChoice, useThemeChoice } from '../lib/theme';

// Labels are read when rendering, so they follow the language.
const OPTIONS: Record<ThemeChoice, { label: () => string; icon: LucideIcon }> = {
  system: { label: () => t('themeSystem'), icon: Monitor },
  light: { label: () => t('themeLight'), icon: Sun },
  dark: { label: () => t('themeDark'), icon: Moon },
};

/**
 * Light, dark or the device's own setting: three radio buttons that look like one segmented control. The
 * choice applies at once and is kept on this device only (each phone or computer can differ).
 */
export function ThemePicker({ className }: { className?: string }) {
  const [choice, setChoice] = useThemeChoice();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2', className)} aria-describedby={hintId}>
      <legend className="mb-1.5 font-semibold text-espresso">{t('theme')}</legend>
      <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
        {THEME_CHOICES.map((option) => {
          const { label, icon: Icon } = OPTIONS[option];
          const checked = choice === option;
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 py-2 text-center font-semibold',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary',
                checked
                  ? 'border-primary bg-tan-light text-espresso'
                  : 'border-line bg-field text-muted hover:border-tan hover:text-espresso',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => setChoice(option)}
                className="sr-only"
              />
              <Icon className={cn('size-5 shrink-0', checked && 'text-primary')} aria-hidden="true" />
              {label()}
            </label>
          );
        })}
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('keptOnThisDeviceOnly')}
      </p>
    </fieldset>
  );
}
