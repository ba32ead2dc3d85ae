"""Fit the CTR model, then rank training impressions by influence on a suspicious test prediction."""
import itertools

import torch

from influence import ctr_loss, influence_scores, lissa_s_test
from models import CTRConfig, DeepFM


def synthetic_batch(cfg, n):
    fields = torch.stack([torch.randint(0, d, (n,)) for d in cfg.field_dims], 1)
    return fields, torch.randint(0, 2, (n,)).float()


def main(epochs=3, n_train=64):
    cfg = CTRConfig(activation="hswish", hidden=[32, 16])
    model = DeepFM(cfg)
    data = [synthetic_batch(cfg, 16) for _ in range(n_train // 16)]
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for batch in data:
            loss = ctr_loss(model, batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
    sampler = itertools.cycle(data)
    s_test = lissa_s_test(model, synthetic_batch(cfg, 1), sampler, depth=3)
    singles = [(f[i:i + 1], y[i:i + 1]) for f, y in data[:1] for i in range(4)]
    return influence_scores(model, s_test, singles)


if __name__ == "__main__":
    print(main())
