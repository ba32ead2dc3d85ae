"""First-order look-alike: a kiln-temperature regressor whose layers a generator method yields (`yield from` a
second generator), with input saliency from `torch.autograd.grad` without create_graph and a plain training step."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class KilnRegressor(nn.Module):
    def __init__(self, widths=(5, 16, 16, 1)):
        super().__init__()
        self.net = nn.Sequential(*self._build(widths))

    def _block(self, a, b):
        yield nn.Linear(a, b)
        yield nn.Hardswish()

    def _build(self, widths):
        for a, b in zip(widths[:-2], widths[1:-1]):
            yield from self._block(a, b)
        yield nn.Linear(widths[-2], widths[-1])

    def forward(self, x):
        return self.net(x)


def main():
    torch.manual_seed(0)
    model = KilnRegressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        x, y = torch.randn(8, 5, requires_grad=True), torch.randn(8, 1)
        loss = F.smooth_l1_loss(model(x), y)
        (sal,) = torch.autograd.grad(loss, x, retain_graph=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item(), sal.abs().mean().item())


if __name__ == "__main__":
    main()
