# Continual keyword spotting with Elastic Weight Consolidation. The Fisher diagonal is the mean of
# squared first-order per-batch gradients; the EWC penalty is quadratic in the parameters.
import torch
import torch.nn as nn
import torch.nn.functional as F


class KWSNet(nn.Module):
    def __init__(self, n_kw=10):
        super().__init__()
        self.c1 = nn.Conv2d(1, 16, 3, padding=1)
        self.n1 = nn.GroupNorm(4, 16)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, n_kw)

    def forward(self, x):
        x = F.relu6(self.n1(self.c1(x)))
        x = F.hardswish(self.c2(x))
        return self.fc(self.pool(x).flatten(1))


def fisher_diagonal(model, batches):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    model.eval()
    for x, y in batches:
        model.zero_grad()
        F.cross_entropy(model(x), y).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(batches)
    model.train()
    return fisher


def ewc_penalty(model, fisher, anchor):
    return sum((fisher[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())


def mfcc_batches(k, n=8):
    return [(torch.randn(n, 1, 20, 16), torch.randint(0, 10, (n,))) for _ in range(k)]


model = KWSNet()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in mfcc_batches(2):
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
fisher = fisher_diagonal(model, mfcc_batches(2))
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
for x, y in mfcc_batches(2):
    loss = F.cross_entropy(model(x), y) + 100.0 * ewc_penalty(model, fisher, anchor)
    opt.zero_grad(); loss.backward(); opt.step()
    print(loss.item())
