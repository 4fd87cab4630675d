import { configure } from '@testing-library/react'

// findBy*/waitFor give up after 1 s by default; CI runs the suites on 2 loaded cores, where a chain of
// renders can take longer. Waiting longer only slows a failing test, never a passing one.
configure({ asyncUtilTimeout: 5000 })
