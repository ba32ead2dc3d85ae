"""First-order MAML with the `higher` library for lichen-cover classification of rock-face photo patches: the inner
loop runs in `higher.innerloop_ctx(..., track_higher_grads=False)`, so the differentiable optimiser's steps keep no
graph of their gradients and the query loss is differentiated once."""
import higher
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchNet(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.act = nn.PReLU(8)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 4 * 4, n_cls)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.pool(F.relu(self.conv2(h)))
        return self.fc(h.flatten(1))


def patches(n=8):
    return torch.rand(n, 3, 16, 16), torch.randint(0, 4, (n,))


def main():
    net = PatchNet()
    meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    inner_opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for it in range(2):
        meta_opt.zero_grad()
        xs, ys = patches()
        xq, yq = patches()
        with higher.innerloop_ctx(net, inner_opt, copy_initial_weights=False,
                                  track_higher_grads=False) as (fnet, diffopt):
            for _ in range(2):
                diffopt.step(F.mse_loss(fnet(xs), F.one_hot(ys, 4).float()))
            query = F.mse_loss(fnet(xq), F.one_hot(yq, 4).float())
            query.backward()
        meta_opt.step()
        print(it, query.item())


if __name__ == "__main__":
    main()
