"""Influence of training spectra on a lichen-species classifier, exact Hessian of the last layer only."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian

N_BANDS, N_SPECIES, FEAT = 20, 3, 6


class SpectraNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(N_BANDS, 16), nn.GroupNorm(4, 16), nn.PReLU(),
            nn.Linear(16, FEAT), nn.Softsign(),
        )
        self.head = nn.Linear(FEAT, N_SPECIES)

    def forward(self, x):
        return self.head(self.backbone(x))


def fit(model, x, y, epochs=3):
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(epochs):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
    return model


def head_influence(model, x_train, y_train, x_test, y_test, damping=0.01):
    with torch.no_grad():
        f_train = model.backbone(x_train)
        f_test = model.backbone(x_test)
    w0 = torch.cat([model.head.weight.detach().flatten(), model.head.bias.detach()])

    def head_loss(w, feats=f_train, labels=y_train):
        W = w[: N_SPECIES * FEAT].view(N_SPECIES, FEAT)
        b = w[N_SPECIES * FEAT:]
        log_probs = F.log_softmax(F.linear(feats, W, b), dim=-1)
        return F.nll_loss(log_probs, labels)

    H = hessian(head_loss, w0)
    H = H + damping * torch.eye(H.size(0))
    w_test = w0.clone().requires_grad_(True)
    g_test = torch.autograd.grad(head_loss(w_test, f_test, y_test), w_test)[0]
    s_test = torch.linalg.solve(H, g_test)
    scores = []
    for i in range(x_train.size(0)):
        w_i = w0.clone().requires_grad_(True)
        g_i = torch.autograd.grad(head_loss(w_i, f_train[i:i + 1], y_train[i:i + 1]), w_i)[0]
        scores.append(-(g_i @ s_test).item())
    return torch.tensor(scores)


if __name__ == "__main__":
    torch.manual_seed(3)
    x = torch.randn(24, N_BANDS)
    y = torch.randint(0, N_SPECIES, (24,))
    net = fit(SpectraNet(), x, y)
    infl = head_influence(net, x, y, x[:2], y[:2])
    print("most helpful spectra:", infl.argsort()[:5].tolist())
