/**
 * English texts of the active filters, which the search box and the results both show (with
 * `filterLabel`): one copy for both elements' messages.
 */
export const filterMessages = {
  activeFilters: 'Active filters',
  removeFilter: 'Remove filter {filter}',
  filterLabel: '{field}: {value}',
  field_category: 'Category',
  field_tags: 'Tag',
  field_author: 'Author',
  field_year: 'Year',
};
