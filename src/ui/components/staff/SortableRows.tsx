import { Button } from '@blueprintjs/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DragHandleVerticalIcon } from '@blueprintjs/icons';

/** `items` with the one at `from` moved to `to` (the order a drag or a button asks for). */
export const moved = <T,>(items: readonly T[], from: number, to: number): T[] =>
  arrayMove([...items], from, to);

/**
 * Rows staff put in order (a course's units, a unit's questions, a paper's questions): dragged
 * by their handle with the mouse or a finger, or with the keyboard (space to lift, arrows to
 * move, space to drop), and moved one place by the up and down buttons. Each row's cells come
 * from `cells`; the table owns the order, the caller keeps it.
 */
export function SortableRows<T>({
  items,
  keyOf,
  labelOf,
  cells,
  onReorder,
  onRemove,
  testId,
}: {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  /** What a row is called to a screen reader ("第二单元 分支结构"). */
  labelOf: (item: T) => string;
  cells: (item: T, index: number) => ReactNode;
  onReorder: (next: T[]) => void;
  onRemove?: (index: number) => void;
  testId?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => String(keyOf(item)));
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moved(items, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <table className="bp6-html-table bp6-html-table-striped xa-table" data-testid={testId}>
          <tbody>
            {items.map((item, i) => (
              <Row
                key={ids[i]}
                id={ids[i]!}
                label={labelOf(item)}
                first={i === 0}
                last={i === items.length - 1}
                onMove={(by) => onReorder(moved(items, i, i + by))}
                onRemove={onRemove ? () => onRemove(i) : undefined}
              >
                {cells(item, i)}
              </Row>
            ))}
          </tbody>
        </table>
      </SortableContext>
    </DndContext>
  );
}

function Row({
  id,
  label,
  first,
  last,
  onMove,
  onRemove,
  children,
}: {
  id: string;
  label: string;
  first: boolean;
  last: boolean;
  onMove: (by: number) => void;
  onRemove: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <tr
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : undefined,
      }}
      data-testid="sortable-row"
    >
      <td style={{ width: 36 }}>
        {/* A plain button: Blueprint's Button handles space itself, which the keyboard drag needs. */}
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="bp6-button bp6-minimal bp6-small"
          aria-label={t('staff.sortable.drag', { item: label })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <DragHandleVerticalIcon />
        </button>
      </td>
      {children}
      <td style={{ whiteSpace: 'nowrap', width: 1 }}>
        <Button
          size="small"
          variant="minimal"
          icon="arrow-up"
          disabled={first}
          onClick={() => onMove(-1)}
          aria-label={t('staff.sortable.up', { item: label })}
        />
        <Button
          size="small"
          variant="minimal"
          icon="arrow-down"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t('staff.sortable.down', { item: label })}
        />
        {onRemove && (
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            onClick={onRemove}
            aria-label={t('staff.sortable.remove', { item: label })}
          />
        )}
      </td>
    </tr>
  );
}
