"""Few-shot outsole wear-pattern recognition settings (one dict, torch-free)."""

CONFIG = {
    "n_way": 4,
    "k_shot": 2,
    "k_query": 4,
    "image": 16,
    "channels": 8,
    "gn_groups": 2,
    "inner_lr": 0.1,
    "inner_steps": 1,
    "second_order": True,
    "meta_lr": 1e-3,
    "meta_batch": 2,
    "iterations": 3,
    "seed": 0,
}
