import pluralize from 'pluralize';

/*
 * The grocery helpers the 2026-11-23-070 migration used, frozen as they were when it was written: its
 * backfill must give the same keys and categories on every Hearth that runs it, whatever the groceries
 * module's own name keys and dictionary (modules/groceries) become later. Never change this file.
 */

type Category =
  | 'produce'
  | 'bakery'
  | 'dairy'
  | 'meat_fish'
  | 'frozen'
  | 'pantry'
  | 'drinks'
  | 'household'
  | 'personal_care'
  | 'other';

/**
 * The key a name is remembered under: lower case, single spaces, the last word singular, so "Potatoes",
 * "potato" and " POTATOES " are one item to the house and to the dictionary.
 */
export function nameKey(name: string): string {
  const words = name.trim().toLowerCase().replace(/\s+/gu, ' ').split(' ');
  const last = words.pop() ?? '';
  words.push(/\p{L}{3,}$/u.test(last) ? pluralize.singular(last) : last);
  return words.join(' ');
}

const BY_CATEGORY: Record<Exclude<Category, 'other'>, string> = {
  produce: `Apples, Apricots, Artichokes, Asparagus, Aubergines, Avocados, Bananas, Basil, Bean sprouts,
    Beetroot, Bell peppers, Blackberries, Blueberries, Broccoli, Brussels sprouts, Butternut squash, Cabbage,
    Cantaloupe, Carrots, Cauliflower, Celery, Cherries, Cherry tomatoes, Chillies, Chives, Clementines,
    Coriander, Corn on the cob, Courgettes, Cranberries, Cucumbers, Dates, Dill, Eggplants, Fennel, Figs,
    Garlic, Ginger, Grapefruit, Grapes, Green beans, Herbs, Kale, Kiwis, Leeks, Lemons, Lettuce, Limes,
    Mangoes, Melons, Mint, Mushrooms, Nectarines, Onions, Oranges, Parsley, Parsnips, Peaches, Pears, Peas,
    Peppers, Pineapples, Plums, Pomegranates, Potatoes, Pumpkins, Radishes, Raspberries, Red onions,
    Rhubarb, Rocket, Rosemary, Salad, Shallots, Spinach, Spring onions, Squash, Strawberries, Sweet potatoes,
    Sweetcorn, Tangerines, Thyme, Tomatoes, Turnips, Watermelons, Zucchini, Limes, Jalapenos, Okra,
    Pak choi, Scallions, Yams`,
  bakery: `Bagels, Baguettes, Bread, Bread rolls, Brioche, Buns, Cake, Ciabatta, Cookies, Croissants,
    Crumpets, Cupcakes, Danish pastries, Doughnuts, English muffins, Flatbreads, Focaccia, Hot dog buns,
    Burger buns, Muffins, Naan, Pastries, Pies, Pitta bread, Rolls, Rye bread, Scones, Sourdough,
    Sliced bread, Tortillas, Wraps, White bread, Wholemeal bread, Brown bread, Baps`,
  dairy: `Butter, Buttermilk, Cheddar, Cheese, Cottage cheese, Cream, Cream cheese, Creme fraiche, Custard,
    Eggs, Feta, Goat cheese, Greek yogurt, Halloumi, Margarine, Mascarpone, Milk, Mozzarella, Oat milk,
    Almond milk, Soy milk, Parmesan, Ricotta, Sour cream, Double cream, Single cream, Whipping cream,
    Yogurt, Yoghurt, Skimmed milk, Semi-skimmed milk, Whole milk, Brie, Camembert, Gouda, Quark, Kefir,
    Grated cheese, Cheese slices, Fromage frais, Ghee`,
  meat_fish: `Bacon, Beef, Burgers, Chicken, Chicken breasts, Chicken thighs, Chicken wings, Chorizo, Cod,
    Crab, Duck, Fish, Fish fingers, Gammon, Ham, Haddock, Lamb, Lamb chops, Mackerel, Meatballs, Mince,
    Minced beef, Mussels, Pork, Pork chops, Prawns, Salami, Salmon, Sardines, Sausages, Scallops, Shrimp,
    Steak, Tuna steaks, Turkey, Trout, Smoked salmon, Hot dogs, Pepperoni, Prosciutto, Ground beef,
    Drumsticks, Sea bass, Tilapia, Veal, Venison, Liver, Pulled pork, Roast beef, Sliced turkey`,
  frozen: `Frozen peas, Frozen berries, Frozen chips, Frozen pizza, Frozen vegetables, Frozen sweetcorn,
    Frozen spinach, Frozen fish, Frozen prawns, Fries, Oven chips, Ice cream, Ice lollies, Ice cubes,
    Ice, Sorbet, Frozen yogurt, Waffles, Hash browns, Potato waffles, Frozen meals, Ready meals,
    Frozen mango, Frozen dumplings, Frozen puff pastry, Pizza, Gelato`,
  pantry: `Baked beans, Baking powder, Baking soda, Basmati rice, Bay leaves, Biscuits, Black beans,
    Black pepper, Breadcrumbs, Brown sugar, Bulgur, Capers, Cereal, Chickpeas, Chilli flakes,
    Chocolate, Chopped tomatoes, Cinnamon, Cocoa powder, Coconut milk, Cornflakes, Cornflour, Couscous,
    Crackers, Crisps, Cumin, Curry paste, Curry powder, Dried fruit, Flour, Granola, Gravy granules,
    Honey, Hot sauce, Hummus, Icing sugar, Jam, Jelly, Ketchup, Kidney beans, Lasagne sheets, Lentils,
    Maple syrup, Marmalade, Mayonnaise, Muesli, Mustard, Noodles, Nutmeg, Nuts, Oats, Olive oil, Olives,
    Oregano, Paprika, Pasta, Pasta sauce, Peanut butter, Pesto, Pickles, Popcorn, Porridge oats, Quinoa,
    Raisins, Rice, Salsa, Salt, Soy sauce, Spaghetti, Spices, Stock cubes, Sugar, Sunflower oil,
    Sweets, Tinned tomatoes, Tomato paste, Tomato puree, Tuna, Vanilla extract, Vegetable oil, Vinegar,
    Balsamic vinegar, Walnuts, Almonds, Cashews, Peanuts, Yeast, Penne, Fusilli, Macaroni, Egg noodles,
    Rice noodles, Tortilla chips, Chocolate spread, Nutella, Syrup, Golden syrup, Sesame oil, Tahini,
    Worcestershire sauce, Barbecue sauce, Sweetcorn tins, Soup, Tinned soup, Tinned fish, Sardines in oil,
    Coconut oil, Cooking spray, Seeds, Chia seeds, Flaxseed, Protein bars, Cereal bars, Rice cakes,
    Gravy, Stuffing, Instant noodles, Polenta, Risotto rice, Plain flour, Self-raising flour,
    Caster sugar, Chocolate chips, Food colouring, Dog food, Cat food, Pet food, Baby food`,
  drinks: `Beer, Cider, Coffee, Coffee beans, Ground coffee, Instant coffee, Coke, Cola, Diet coke,
    Lemonade, Juice, Orange juice, Apple juice, Cranberry juice, Mineral water, Sparkling water, Water,
    Still water, Tea, Tea bags, Green tea, Herbal tea, Wine, Red wine, White wine, Rose wine, Prosecco,
    Champagne, Gin, Vodka, Whisky, Rum, Tonic water, Soda water, Squash drink, Cordial, Energy drinks,
    Smoothies, Hot chocolate, Iced tea, Kombucha, Soft drinks, Fizzy drinks, Sports drinks, Lager, Ale,
    Coconut water, Milkshake, Espresso pods, Coffee pods`,
  household: `Aluminium foil, Bin bags, Bin liners, Bleach, Batteries, Candles, Cling film, Dish soap,
    Dishwasher tablets, Dishwasher salt, Rinse aid, Fabric softener, Kitchen roll, Paper towels,
    Laundry detergent, Washing powder, Washing liquid, Washing up liquid, Light bulbs, Matches, Napkins,
    Sponges, Surface spray, Toilet cleaner, Toilet paper, Toilet roll, Tissues, Zip bags, Sandwich bags,
    Freezer bags, Baking paper, Parchment paper, Cleaning spray, Glass cleaner, Air freshener,
    Disinfectant, Scourers, Rubber gloves, Mop heads, Dusters, Cloths, Microfibre cloths, Stain remover,
    Limescale remover, Drain cleaner, Firelighters, Charcoal, Cat litter, Plastic wrap, Tin foil,
    Paper plates, Plastic cups, Straws, Hand wash, Hand soap, Kitchen towels, Bin bag, Descaler,
    Oven cleaner, Polish, Laundry pods`,
  personal_care: `Body wash, Conditioner, Cotton buds, Cotton pads, Dental floss, Deodorant, Face wash,
    Hair gel, Hand cream, Lip balm, Moisturiser, Mouthwash, Nappies, Diapers, Baby wipes, Wet wipes,
    Painkillers, Paracetamol, Ibuprofen, Plasters, Razors, Shaving cream, Shampoo, Shower gel, Soap,
    Sun cream, Sunscreen, Tampons, Sanitary pads, Toothbrushes, Toothpaste, Vitamins, Hair ties,
    Make-up remover, Nail polish remover, Body lotion, Face masks, Hand sanitiser, Contact lens solution,
    Cough syrup, Antihistamines, Bandages, Condoms, Dry shampoo, Hairspray, Perfume, Bubble bath,
    Bath salts, Floss, Cold medicine`,
};

/** Name key -> category (a name listed twice keeps its first category). */
const BY_KEY = new Map<string, Category>();
for (const [category, list] of Object.entries(BY_CATEGORY) as [Category, string][]) {
  for (const raw of list.split(',')) {
    const name = raw.trim().replace(/\s+/gu, ' ');
    if (name === '') continue;
    const key = nameKey(name);
    if (!BY_KEY.has(key)) BY_KEY.set(key, category);
  }
}

/** The category for a name key: the whole key first, then its shorter endings; null when none is known. */
export function dictionaryCategory(key: string): Category | null {
  const words = key.split(' ');
  for (let start = 0; start < words.length; start++) {
    const category = BY_KEY.get(words.slice(start).join(' '));
    if (category) return category;
  }
  return null;
}
