"""Meta-train MeLU on synthetic listener tasks; report query MAE after local adaptation."""
import argparse

import torch

from config import CONFIG
from meta import local_update, meta_step
from model import MeLU


def sample_feats(fields, n):
    return torch.stack([torch.randint(0, card, (n,)) for card in fields.values()], dim=1)


def sample_task(cfg, taste):
    """One listener: fixed user features, a personal genre preference vector, noisy 1-5 ratings."""
    n = cfg["support"] + cfg["query"]
    user = sample_feats(cfg["user_fields"], 1).expand(n, -1)
    items = sample_feats(cfg["item_fields"], n)
    pref = taste[torch.randint(0, taste.shape[0], (1,))].squeeze(0)
    ratings = (3.0 + 1.5 * pref[items[:, 0]] + 0.3 * torch.randn(n)).clamp(1.0, 5.0)
    s = cfg["support"]
    return (user[:s], items[:s], ratings[:s]), (user[s:], items[s:], ratings[s:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=CONFIG["epochs"])
    args = parser.parse_args()
    torch.manual_seed(0)
    cfg = dict(CONFIG, epochs=args.epochs)
    taste = torch.tanh(torch.randn(5, cfg["item_fields"]["genre"]))
    model = MeLU(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["meta_lr"])
    for epoch in range(cfg["epochs"]):
        tasks = [sample_task(cfg, taste) for _ in range(cfg["tasks_per_batch"])]
        loss = meta_step(model, opt, tasks, cfg)
        support, query = sample_task(cfg, taste)
        adapted = local_update(model, support, cfg, create_graph=False)
        with torch.no_grad():
            mae = (model(query[0], query[1], adapted) - query[2]).abs().mean()
        print(f"epoch {epoch}: meta loss {loss:.4f}  cold-start MAE {mae.item():.3f}")


if __name__ == "__main__":
    main()
