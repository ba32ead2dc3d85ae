"""Local (per-listener) adaptation and the global meta-update."""
from collections import OrderedDict

import torch
import torch.nn.functional as F


def local_update(model, support, cfg, create_graph=None):
    """A few SGD steps on the decision layers only (the embeddings stay global, as in MeLU)."""
    if create_graph is None:
        create_graph = not cfg["first_order"]
    loss_fn = getattr(F, cfg["local_loss"])
    params = model.decision_params()
    users, items, ratings = support
    for _ in range(cfg["local_steps"]):
        loss = loss_fn(model(users, items, params), ratings)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        params = OrderedDict((name, p - cfg["local_lr"] * g) for (name, p), g in zip(params.items(), grads))
    return params


def meta_step(model, optimizer, tasks, cfg):
    global_loss = getattr(F, cfg["global_loss"])
    optimizer.zero_grad()
    total = 0.0
    for support, query in tasks:
        adapted = local_update(model, support, cfg)
        users, items, ratings = query
        loss = global_loss(model(users, items, adapted), ratings) / len(tasks)
        loss.backward()
        total += loss.item()
    optimizer.step()
    return total
