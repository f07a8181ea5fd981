import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { categoryOf, CATEGORY_COLORS } from '@accommodate/shared-events/config/accommodation-categories';
import { CategoryIcon } from './category-icon.tsx';

const templateCategory = new Map(ACCOMMODATION_TEMPLATES.map((template) => [template.name, template.category]));

/** A coloured chip: the colour and icon say the category, the title says it in words. */
export function AccommodationTag({ name }: { name: string }) {
  const category = templateCategory.get(name) ?? categoryOf({ name });
  const color = CATEGORY_COLORS[category];
  return (
    <span className="landing-tag" style={{ color, borderColor: `${color}40`, background: `${color}12` }} title={`${category} accommodation`}>
      <CategoryIcon category={category} />
      {name}
    </span>
  );
}
