import type { Rotation } from '@hearth/contract';

/** How a rotation reads on a task's details: 'Always Ana', 'Takes turns: Ana, Ben', 'Whoever did least: ...'. */
export function rotationWords(rotation: Rotation, names: readonly string[]): string {
  switch (rotation) {
    case 'fixed':
      return `Always ${names[0] ?? 'the same person'}`;
    case 'round_robin':
      return `Takes turns: ${names.join(' → ')}`;
    case 'fairest':
      return `Whoever did least lately: ${names.join(', ')}`;
  }
}

export const ROTATION_LABELS: Record<Rotation, string> = {
  fixed: 'One person',
  round_robin: 'Take turns',
  fairest: 'Fairest (least effort lately)',
};
