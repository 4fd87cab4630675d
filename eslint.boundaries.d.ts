import type { Linter } from 'eslint'
export declare const boundaryRules: Linter.Config[]
