# Data pruning for a seed-bank germination-curve classifier (dormant / viable / dead lots from
# daily germination counts).  Early in training every example gets a GraNd score, the norm of its
# own loss gradient (per-sample gradients with torch.func.vmap over torch.func.grad), and an EL2N
# score; the lowest-scoring examples are dropped before training continues.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

DAYS, CLASSES = 28, 3


class GerminationNet(nn.Module):
    def __init__(self, ch=8, hidden=32):
        super().__init__()
        self.conv = nn.Conv1d(1, ch, 5, padding=2)
        self.pool = nn.AvgPool1d(2)
        self.fc1 = nn.Linear(ch * DAYS // 2, hidden)
        self.fc2 = nn.Linear(hidden, CLASSES)

    def forward(self, x):
        h = self.pool(F.elu(self.conv(x.unsqueeze(1))))
        return F.log_softmax(self.fc2(F.elu(self.fc1(h.flatten(1)))), dim=-1)


def germination_lots(n):
    status = torch.randint(0, CLASSES, (n,))
    day = torch.arange(DAYS).float()
    onset = torch.tensor([18.0, 6.0, 40.0])[status].view(n, 1)
    final = torch.tensor([0.35, 0.9, 0.02])[status].view(n, 1)
    cum = final * torch.sigmoid((day - onset - 2 * torch.randn(n, 1)) / 2.0)
    return cum + 0.02 * torch.randn(n, DAYS), status


def grand_scores(model, x, y):
    params = {k: v.detach() for k, v in model.named_parameters()}

    def sample_loss(p, xi, yi):
        return F.nll_loss(functional_call(model, p, (xi.unsqueeze(0),)), yi.unsqueeze(0))

    per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, x, y)
    sq = sum(g.flatten(1).pow(2).sum(1) for g in per_sample.values())
    return sq.sqrt()


@torch.no_grad()
def el2n_scores(model, x, y):
    probs = model(x).exp()
    return (probs - F.one_hot(y, CLASSES).float()).norm(dim=1)


def train(model, x, y, epochs, lr=1e-2):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for _ in range(epochs):
        loss = F.nll_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main(keep_fraction=0.6):
    torch.manual_seed(0)
    x, y = germination_lots(64)
    model = GerminationNet()
    warm = train(model, x, y, epochs=2)
    scores = grand_scores(model, x, y) + 0.1 * el2n_scores(model, x, y)
    keep = scores.argsort(descending=True)[: int(keep_fraction * len(y))]
    final = train(model, x[keep], y[keep], epochs=3)
    print(f"warm-up loss {warm:.3f}, kept {len(keep)} lots, final loss {final:.3f}")


if __name__ == "__main__":
    main()
