/**
 * Reading any supported package: the format is recognised from the content (a zip holding
 * `problem.xml` is Polygon's, `problem.yaml` Hydro's, `problem.json` with `testcase/` QDUOJ's;
 * an XML file whose root is `<fps>` is FPS), never from the file's name.
 */
import { isZip, readArchive, stripCommonFolder, type ArchiveLimits } from './archive.ts';
import { looksLikeFps, readFps } from './fps.ts';
import { hydroFolders, readHydro } from './hydro.ts';
import { readPolygon } from './polygon.ts';
import { qduojFolders, readQduoj } from './qduoj.ts';
import { PackageError, type PackageFormat, type PackageProblem } from './types.ts';

export interface ReadPackage {
  format: PackageFormat;
  problems: PackageProblem[];
}

/** The problems of a package file; `label` names it in messages (its file name). */
export function readPackage(bytes: Buffer, label: string, limits?: ArchiveLimits): ReadPackage {
  if (looksLikeFps(bytes)) return { format: 'fps', problems: readFps(bytes, label) };
  if (!isZip(bytes)) {
    throw new PackageError(`${label} 既不是 zip 压缩包也不是 FPS XML 文件，无法识别题目包格式`);
  }
  const files = stripCommonFolder(readArchive(bytes, label, limits));
  if (files.has('problem.xml')) return { format: 'polygon', problems: readPolygon(files) };
  if (hydroFolders(files).length > 0) return { format: 'hydro', problems: readHydro(files) };
  if (qduojFolders(files).length > 0) return { format: 'qduoj', problems: readQduoj(files) };
  const fps = [...files.entries()].find(([n, b]) => n.endsWith('.xml') && looksLikeFps(b));
  if (fps) return { format: 'fps', problems: readFps(fps[1], `${label}/${fps[0]}`) };
  throw new PackageError(
    `${label} 不是可识别的题目包：找不到 problem.xml（Polygon）、problem.yaml（Hydro）、problem.json（QDUOJ）或 FPS XML`,
  );
}
