/** Question packages (export, import, sharing between organizations): a staff write. */
import { createQuestionPackagesImplementations } from '../../../machines/question-packages/implementations.ts';
import { questionPackagesMachine } from '../../../machines/question-packages/machine.ts';
import { defineClientModule } from '../client-module.ts';

export const questionPackagesModule = defineClientModule({
  name: 'question-packages',
  rootActors: {
    questionPackages: {
      machine: questionPackagesMachine,
      provide: ({ transport, changed }) =>
        questionPackagesMachine.provide(
          createQuestionPackagesImplementations({
            transport,
            onChanged: () => changed('staffChange'),
          }),
        ),
    },
  },
});
