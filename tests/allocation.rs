//! Perft makes no heap allocation per node: the number of allocations does
//! not grow with the depth (and so with the number of nodes).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use varia::compile_path;
use varia::vm::perft::perft;
use varia::vm::Position;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_for(pos: &Position, depth: u32) -> (u64, usize) {
    let mut pos = pos.clone();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let nodes = perft(&mut pos, depth).unwrap();
    (nodes, ALLOCATIONS.load(Ordering::Relaxed) - before)
}

#[test]
fn perft_allocations_do_not_grow_with_the_node_count() {
    let variant = compile_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/chess.variant"
    ))
    .unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(&variant, kiwipete).unwrap();
    let (n3, a3) = allocations_for(&pos, 3);
    let (n4, a4) = allocations_for(&pos, 4);
    assert_eq!((n3, n4), (97_862, 4_085_603));
    // A few buffers per ply (move lists, the history), none per node.
    assert!(
        a3 <= 16 && a4 <= 16,
        "allocations: depth 3 {a3}, depth 4 {a4}"
    );
    assert!(
        a4 <= a3 + 4,
        "allocations grow with the depth: {a3} -> {a4}"
    );
}
