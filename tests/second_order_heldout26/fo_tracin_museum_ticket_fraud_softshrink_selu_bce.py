"""TracIn (Pruthi et al. 2020) influence of training tickets on a museum ticket-fraud classifier.

Influence = sum over checkpoints of lr * <grad loss(train_i), grad loss(test)>: first-order gradients only,
no Hessian (unlike influence functions)."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class FraudNet(nn.Module):
    def __init__(self, n_feat=10, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_feat, hidden), nn.SELU(), nn.Softshrink(0.1),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return torch.sigmoid(self.net(x)).squeeze(-1)


def flat_grad(model, x, y):
    loss = F.binary_cross_entropy(model(x[None]), y[None])
    grads = torch.autograd.grad(loss, list(model.parameters()))
    return torch.cat([g.flatten() for g in grads])


def tracin(checkpoints, lrs, train_set, test_point):
    xt, yt = test_point
    scores = torch.zeros(len(train_set[0]))
    for ckpt, lr in zip(checkpoints, lrs):
        g_test = flat_grad(ckpt, xt, yt)
        for i, (xi, yi) in enumerate(zip(*train_set)):
            scores[i] += lr * torch.dot(flat_grad(ckpt, xi, yi), g_test)
    return scores


x = torch.randn(24, 10)
y = (x[:, 0] + 0.5 * x[:, 3] > 0).float()
model = FraudNet()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
checkpoints, lrs = [], []
for epoch in range(3):
    loss = F.binary_cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    checkpoints.append(copy.deepcopy(model))
    lrs.append(opt.param_groups[0]["lr"])
    print(epoch, loss.item())

scores = tracin(checkpoints, lrs, (x[:8], y[:8]), (x[20], y[20]))
print("most helpful training tickets:", scores.argsort(descending=True)[:3].tolist())
