"""Meta-train the default model across lenders; evaluate fast adaptation on held-out lenders."""
import dataclasses

import torch
import torch.nn as nn

from config import CFG
from layers import build_net
from meta import CreditMAML


def make_lenders(cfg, gen):
    w_global = torch.randn(cfg.n_features, generator=gen)
    lenders = []
    for _ in range(cfg.n_lenders):
        w = w_global + 0.5 * torch.randn(cfg.n_features, generator=gen)
        bias = torch.randn(1, generator=gen) - 1.5      # default rates differ by region
        lenders.append((w, bias))
    return lenders


def sample_task(lender, n, cfg, gen):
    w, b = lender
    x = torch.randn(n, cfg.n_features, generator=gen)
    y = (torch.rand(n, generator=gen) < torch.sigmoid(x @ w / 3 + b)).float()
    return x, y


def main(cfg=CFG):
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    lenders = make_lenders(cfg, gen)
    train_l, test_l = lenders[:24], lenders[24:]
    net = build_net(cfg.n_features, cfg.net.layers)
    learner = CreditMAML(net, cfg.meta)
    outer_loss = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(3.0))
    opt = torch.optim.Adam(net.parameters(), lr=cfg.outer_lr)
    m = cfg.meta
    for it in range(cfg.iterations):
        opt.zero_grad()
        total = 0.0
        for t in torch.randint(0, len(train_l), (m.tasks_per_batch,), generator=gen).tolist():
            xs, ys = sample_task(train_l[t], m.support, cfg, gen)
            xq, yq = sample_task(train_l[t], m.query, cfg, gen)
            fast = learner.adapt(learner.params(), xs, ys, train=True)
            loss = outer_loss(learner.predict(fast, xq), yq) / m.tasks_per_batch
            loss.backward()
            total += loss.item()
        opt.step()
        print(f"iter {it}: meta loss {total:.4f}")

    evaluator = CreditMAML(net, dataclasses.replace(cfg.meta, inner_steps=cfg.eval_inner_steps))
    accs = []
    for lender in test_l:
        xs, ys = sample_task(lender, m.support, cfg, gen)
        xq, yq = sample_task(lender, 200, cfg, gen)
        fast = evaluator.adapt(evaluator.params(), xs, ys, train=False)
        with torch.no_grad():
            accs.append(((evaluator.predict(fast, xq) > 0).float() == yq).float().mean().item())
    print(f"held-out lender accuracy after {cfg.eval_inner_steps} steps: {sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
