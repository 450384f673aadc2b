import type { Rotation } from '@hearth/contract';
import { labels, t } from '../../../lib/i18n';

/** How a rotation reads on a task's details: 'Always Ana', 'Takes turns: Ana, Ben', 'Whoever did least: ...'. */
export function rotationWords(rotation: Rotation, names: readonly string[]): string {
  switch (rotation) {
    case 'fixed':
      return names[0]
        ? t('tasks:rotationWords.fixed', { name: names[0] })
        : t('tasks:rotationWords.fixedNobody');
    case 'round_robin':
      return t('tasks:rotationWords.roundRobin', { names: names.join(' → ') });
    case 'fairest':
      return t('tasks:rotationWords.fairest', { names: names.join(', ') });
  }
}

export const ROTATION_LABELS: Record<Rotation, string> = labels({
  fixed: 'tasks:rotations.fixed',
  round_robin: 'tasks:rotations.round_robin',
  fairest: 'tasks:rotations.fairest',
});
