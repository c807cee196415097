export { RulesScreen } from './RulesScreen.tsx';
export type { RulesScreenProps } from './RulesScreen.tsx';
export { RulesContent } from './RulesContent.tsx';
export type { RulesContentProps } from './RulesContent.tsx';
export { RULE_TABS, GENERAL_RULES, BINARY_SESSION_HOURS } from './rulesContent.ts';
export type { RuleTab, RuleSection, RuleBlock } from './rulesContent.ts';
