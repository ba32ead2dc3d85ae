"""Double backpropagation (input-gradient penalty via `backward(create_graph=True)`) on a kiln-firing curve
classifier whose body is `nn.Sequential(*(... for _ in range(depth)))` (a generator expression) and whose tail is
`nn.ModuleList(tail_layers(d))` handed the generator object itself, which `yield from`s a list display."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def tail_layers(d):
    yield from [nn.Linear(d, d), nn.Softshrink(0.1)]
    yield nn.Softsign()


class KilnNet(nn.Module):
    def __init__(self, d=10, depth=2, classes=3):
        super().__init__()
        self.body = nn.Sequential(*(nn.Sequential(nn.Linear(d, d), nn.ReLU6()) for _ in range(depth)))
        self.tail = nn.ModuleList(tail_layers(d))
        self.out = nn.Linear(d, classes)

    def forward(self, x):
        h = self.body(x)
        for layer in self.tail:
            h = layer(h)
        return self.out(h)


def main():
    torch.manual_seed(0)
    net = KilnNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for step in range(2):
        x = torch.randn(6, 10, requires_grad=True)
        y = torch.randint(0, 3, (6,))
        loss = F.mse_loss(net(x).softmax(-1), F.one_hot(y, 3).float())
        opt.zero_grad()
        loss.backward(create_graph=True)
        penalty = x.grad.pow(2).sum()
        opt.zero_grad()
        (loss + 0.1 * penalty).backward()
        opt.step()
        print(step, loss.item(), penalty.item())


if __name__ == "__main__":
    main()
