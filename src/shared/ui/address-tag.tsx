import { FormattedMessage } from 'react-intl';

/** The suggested address tags (DESIGN.md: tag is a short label); stored in English, shown translated. */
export const ADDRESS_TAGS = ['Home', 'Work', 'School'] as const;

/**
 * An address tag as the shopper reads it: the suggested ones translated, free text as typed. Shared
 * by the address list and checkout, where the backend family's merCreate answer names the tag too.
 */
export function AddressTag({ tag }: { tag: string }) {
  const known = ADDRESS_TAGS.find((item) => item.toLowerCase() === tag.trim().toLowerCase());
  return known ? <FormattedMessage id={`address.tag.${known.toLowerCase()}`} /> : <>{tag}</>;
}
