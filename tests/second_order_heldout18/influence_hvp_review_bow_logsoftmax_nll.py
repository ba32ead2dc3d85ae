"""Influence of training reviews on a test prediction (Koh & Liang), explicit HVP by double grad."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 300


class BowClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(VOCAB, 2)
        self.log_probs = nn.LogSoftmax(dim=-1)

    def forward(self, bow):
        return self.log_probs(self.linear(bow))


def hvp(loss, params, v):
    first = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((g * u).sum() for g, u in zip(first, v))
    return torch.autograd.grad(dot, params)


def get_inverse_hvp_lissa(model, x_tr, y_tr, v, damping=0.01, scale=25.0, steps=3):
    params = [p for p in model.parameters() if p.requires_grad]
    h_est = [t.clone() for t in v]
    for _ in range(steps):
        loss = F.nll_loss(model(x_tr), y_tr)
        hv = hvp(loss, params, h_est)
        h_est = [a + (1 - damping) * b - c / scale for a, b, c in zip(v, h_est, hv)]
    return [b / scale for b in h_est]


model = BowClassifier()
x_train, y_train = torch.rand(32, VOCAB), torch.randint(0, 2, (32,))
x_test, y_test = torch.rand(1, VOCAB), torch.tensor([1])
test_loss = F.nll_loss(model(x_test), y_test)
v = torch.autograd.grad(test_loss, list(model.parameters()))
s_test = get_inverse_hvp_lissa(model, x_train, y_train, v)
for i in range(3):
    g = torch.autograd.grad(F.nll_loss(model(x_train[i:i + 1]), y_train[i:i + 1]), list(model.parameters()))
    print(i, -sum((a * b).sum() for a, b in zip(g, s_test)).item())
