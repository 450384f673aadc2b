import type { Recipe, RecipeImportInput } from '@hearth/contract';
import {
  ErrorCode,
  IMAGE_MAX_BYTES,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_STEPS_MAX,
  RECIPE_TAGS_MAX,
} from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import { AppError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import {
  OutboundError,
  type OutboundPolicy,
  outboundFetch,
  parseOutboundUrl,
} from '../../lib/outbound/index.js';
import { type FoundRecipe, findRecipe, recipeFromText } from './recipe-page.js';
import { type MealsService, recipeFields } from './service.js';

/** The most of a recipe page read (a bigger page is refused, not cut). */
export const RECIPE_PAGE_MAX_BYTES = 2 * 1024 * 1024;

const noRecipe = (field: string) =>
  new AppError(422, ErrorCode.noRecipeFound, 'No recipe was found there.', field);
const unreachable = (message: string) => new AppError(422, ErrorCode.pageUnreachable, message, 'url');

/**
 * Imports a recipe from a page's address (fetched through the outbound guard: public https only, 2 MB)
 * or from pasted text, and saves it as a new recipe of the caller's house, checked like any other; the
 * page's picture is downloaded and re-encoded like every image (left out when that fails).
 */
export class RecipeImporter {
  constructor(
    private readonly meals: MealsService,
    private readonly membership: Membership,
    private readonly policy: OutboundPolicy,
  ) {}

  async import(identity: Identity, input: RecipeImportInput): Promise<Recipe> {
    const { user, houseId } = await this.membership.house(identity);
    let found: FoundRecipe | null;
    let source: string | null = null;
    let image: string | null = null;
    if ('url' in input) {
      const url = parseOutboundUrl(input.url.trim(), 'url', this.policy);
      const page = await this.fetch(url);
      found = findRecipe(page.body.toString('utf8'), page.url);
      if (!found) throw noRecipe('url');
      source = url.toString();
      image = found.image ? await this.picture(found.image) : null;
    } else {
      found = recipeFromText(input.text);
      if (!found) throw noRecipe('text');
    }
    const fields = await recipeFields({
      title: found.title || 'Recipe',
      servings: found.servings ?? 4,
      ingredients: found.ingredients
        .slice(0, RECIPE_INGREDIENTS_MAX)
        .map((text) => ({ text: text.slice(0, 200) })),
      steps: found.steps.slice(0, RECIPE_STEPS_MAX).map((s) => s.slice(0, 2000)),
      tags: found.tags.slice(0, RECIPE_TAGS_MAX).map((t) => t.slice(0, 40)),
      notes: found.notes?.slice(0, 4000) ?? null,
      source_url: source,
      prep_minutes: found.prep_minutes,
      cook_minutes: found.cook_minutes,
    });
    return this.meals.saveNewRecipe(houseId, user, { ...fields, title: fields.title.slice(0, 120), image });
  }

  private async fetch(url: URL) {
    try {
      const page = await outboundFetch(url, this.policy, {
        maxBytes: RECIPE_PAGE_MAX_BYTES,
        headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': 'Hearth recipe import' },
      });
      if (page.status < 200 || page.status >= 300) {
        throw unreachable(`The page answered with status ${page.status}.`);
      }
      return page;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.reason === 'refused') {
        throw new AppError(400, ErrorCode.validation, 'url must be a public https address.', 'url');
      }
      if (err.reason === 'too_large') throw unreachable('The page is larger than 2 MB.');
      throw unreachable('The page could not be reached.');
    }
  }

  /** The picture as a re-encoded data URL, or null when it cannot be had. */
  private async picture(href: string): Promise<string | null> {
    try {
      const answer = await outboundFetch(href, this.policy, {
        maxBytes: IMAGE_MAX_BYTES,
        headers: { accept: 'image/*' },
      });
      const type =
        String(answer.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() || 'image/jpeg';
      if (answer.status !== 200 || !type.startsWith('image/')) return null;
      return await checkImage(`data:${type};base64,${answer.body.toString('base64')}`, 'image');
    } catch {
      return null;
    }
  }
}
