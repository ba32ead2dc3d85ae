"""Adversarial weight perturbation (AWP, Wu et al. 2020) for a sheepdog whistle-command classifier.
The perturbation follows the first-order weight gradient; no gradient is differentiated again."""
import torch
import torch.nn as nn
import torch.nn.functional as F

AWP_GAMMA = 0.01
AWP_CREATE_GRAPH = False


class WhistleNet(nn.Module):
    def __init__(self, n_cmd=5):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 5)
        self.shrink = nn.Hardshrink(0.1)
        self.glu = nn.GLU(dim=1)
        self.fc = nn.Linear(4 * 16, n_cmd)

    def forward(self, x):
        h = F.pad(x.unsqueeze(1), (2, 2), mode="reflect")
        h = self.glu(self.shrink(self.conv(h)))
        return self.fc(h.flatten(1))


def awp_perturb(model, x, y):
    params = [p for p in model.parameters() if p.dim() > 1]
    loss = F.cross_entropy(model(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=AWP_CREATE_GRAPH)
    deltas = []
    with torch.no_grad():
        for p, g in zip(params, grads):
            d = AWP_GAMMA * p.norm() * g / (g.norm() + 1e-12)
            p.add_(d)
            deltas.append(d)
    return params, deltas


def restore(params, deltas):
    with torch.no_grad():
        for p, d in zip(params, deltas):
            p.sub_(d)


def main():
    torch.manual_seed(0)
    model = WhistleNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    x, y = torch.randn(20, 16), torch.randint(0, 5, (20,))
    for epoch in range(3):
        params, deltas = awp_perturb(model, x, y)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        restore(params, deltas)
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
