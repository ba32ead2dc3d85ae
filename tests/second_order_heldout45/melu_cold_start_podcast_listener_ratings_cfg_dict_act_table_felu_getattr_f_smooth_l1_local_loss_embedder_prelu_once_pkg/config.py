"""MeLU-style cold-start recommender for a podcast app: per-listener local adaptation of the decision layers."""

CONFIG = {
    "user_fields": {"age_bucket": 7, "region": 12, "device": 4},
    "item_fields": {"genre": 18, "host_language": 6, "length_bucket": 5},
    "embed_dim": 8,
    "hidden": [32, 16],
    "act": "elu",                    # key into layers.ACTIVATIONS
    "local_loss": "smooth_l1_loss",  # name of a torch.nn.functional loss, robust to rating outliers
    "global_loss": "mse_loss",
    "local_lr": 5e-3,
    "local_steps": 2,
    "first_order": False,
    "meta_lr": 5e-4,
    "tasks_per_batch": 4,
    "support": 8,
    "query": 6,
    "epochs": 3,
}
