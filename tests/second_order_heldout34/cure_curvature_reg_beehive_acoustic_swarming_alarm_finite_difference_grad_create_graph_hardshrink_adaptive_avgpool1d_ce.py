"""CURE (Moosavi-Dezfooli et al.) curvature regulariser for a hive-acoustics swarming alarm classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"h": 0.5, "lam": 4.0, "lr": 1e-3, "epochs": 3, "n_mels": 8, "frames": 16}


class HiveNet(nn.Module):
    def __init__(self, n_mels, n_classes=3):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, 12, 3, padding=1)
        self.shrink = nn.Hardshrink(0.05)
        self.conv2 = nn.Conv1d(12, 12, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool1d(4)
        self.fc = nn.Linear(12 * 4, n_classes)

    def forward(self, x):
        h = self.shrink(self.conv1(x))
        h = torch.tanh(self.conv2(h))
        return self.fc(self.pool(h).flatten(1))


def input_grad(model, x, y, create_graph):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    return torch.autograd.grad(loss, x, create_graph=create_graph)[0]


def cure_penalty(model, x, y, h):
    g_clean = input_grad(model, x, y, create_graph=False)
    z = h * torch.sign(g_clean).detach()
    z = z / (z.flatten(1).norm(dim=1).view(-1, 1, 1) + 1e-12)
    g_pert = input_grad(model, x + h * z, y, create_graph=True)
    g_ref = input_grad(model, x, y, create_graph=True)
    return (g_pert - g_ref).flatten(1).pow(2).sum(1).mean()


def main():
    torch.manual_seed(0)
    model = HiveNet(CFG["n_mels"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    spectra = torch.randn(20, CFG["n_mels"], CFG["frames"])
    labels = torch.randint(0, 3, (20,))
    for epoch in range(CFG["epochs"]):
        logits = model(spectra)
        ce = F.cross_entropy(logits, labels)
        reg = cure_penalty(model, spectra, labels, CFG["h"])
        loss = ce + CFG["lam"] * reg
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, ce.item(), reg.item())


if __name__ == "__main__":
    main()
