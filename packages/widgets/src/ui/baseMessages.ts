/** English texts shared by every element (the translation catalogue's base). */
export const baseMessages = {
  configMissing:
    'Search is not set up: the “{attribute}” setting is missing. Set the {attribute} attribute, configure(), or data-{attribute} on the script tag.',
  configMissingElement: 'Search is not set up: the “{attribute}” attribute is missing.',
  configInvalid: 'Search is not set up: “{value}” is not a valid {attribute}.',
};
