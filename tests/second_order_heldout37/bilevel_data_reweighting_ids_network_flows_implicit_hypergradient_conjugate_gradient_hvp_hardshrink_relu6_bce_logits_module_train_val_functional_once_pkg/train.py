import torch

import hparams
from implicit import hypergradient, weighted_train_loss
from model import FlowScorer


def flow_records(n, noisy):
    x = torch.randn(n, hparams.N_FEATURES)
    y = ((x[:, 0] + 0.8 * x[:, 2]) > 0.3).float()
    if noisy:
        flip = torch.rand(n) < hparams.NOISE_RATE
        y = torch.where(flip, 1 - y, y)
    return x, y


def inner_fit(model, weights, train):
    opt = torch.optim.SGD(model.parameters(), lr=hparams.INNER_LR)
    for _ in range(hparams.INNER_STEPS):
        loss = weighted_train_loss(model, *train, weights.detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(21)
    train = flow_records(hparams.N_TRAIN, noisy=True)
    val = flow_records(hparams.N_VAL, noisy=False)
    weights = torch.zeros(hparams.N_TRAIN, requires_grad=True)
    model = FlowScorer()
    for outer in range(hparams.OUTER_STEPS):
        fit = inner_fit(model, weights, train)
        hg = hypergradient(model, weights, train, val)
        with torch.no_grad():
            weights -= hparams.OUTER_LR * hg * hparams.N_TRAIN
        print(f"outer {outer} train {fit:.4f} |hypergrad| {hg.norm().item():.4f} "
              f"mean weight {torch.sigmoid(weights).mean().item():.3f}")


if __name__ == "__main__":
    main()
