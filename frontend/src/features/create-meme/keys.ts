/** Query keys of meme data, shared by the create flow, the result card and Profile's history. */
export const TEMPLATES_KEY = ['templates'] as const;
export const MY_MEMES_KEY = ['memes', 'mine'] as const;
