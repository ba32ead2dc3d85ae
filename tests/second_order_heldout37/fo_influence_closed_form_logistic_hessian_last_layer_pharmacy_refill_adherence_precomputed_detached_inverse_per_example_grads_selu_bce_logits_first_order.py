"""Influence of training records on a pharmacy refill-adherence model (last layer only).

For the logistic last layer the Hessian has the closed form X^T diag(p (1 - p)) X / n + damping,
computed from detached features and inverted once; influences are -g_test^T H^-1 g_train with
ordinary first-order per-example gradients.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AdherenceNet(nn.Module):
    def __init__(self, n_in=7, hidden=10):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_in, hidden), nn.SELU(), nn.Linear(hidden, hidden), nn.SELU())
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.encoder(x)).squeeze(-1)


def refill_records(n=80):
    x = torch.randn(n, 7)
    y = (x[:, 0] - 0.5 * x[:, 3] + 0.3 * torch.randn(n) > 0).float()
    return x, y


def fit(model, x, y, epochs=30):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def closed_form_head_hessian(model, x, damping=1e-2):
    with torch.no_grad():
        feats = torch.cat([model.encoder(x), torch.ones(x.shape[0], 1)], 1)
        p = torch.sigmoid(model(x))
        h = feats.T @ (feats * (p * (1 - p)).unsqueeze(1)) / x.shape[0]
    return h + damping * torch.eye(h.shape[0])


def head_grad(model, x, y):
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    gw, gb = torch.autograd.grad(loss, [model.head.weight, model.head.bias])
    return torch.cat([gw.reshape(-1), gb.reshape(-1)])


def main():
    torch.manual_seed(16)
    model = AdherenceNet()
    x, y = refill_records()
    print(f"train bce {fit(model, x, y):.4f}")
    h_inv = torch.linalg.inv(closed_form_head_hessian(model, x))
    x_test, y_test = refill_records(4)
    g_test = head_grad(model, x_test, y_test)
    scores = torch.stack([-(g_test @ h_inv @ head_grad(model, x[i:i + 1], y[i:i + 1])) for i in range(len(x))])
    top = scores.abs().topk(5).indices.tolist()
    print("most influential records:", top)


if __name__ == "__main__":
    main()
