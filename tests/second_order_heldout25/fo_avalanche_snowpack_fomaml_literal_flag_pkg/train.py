import torch

from meta import adapt, query_loss
from models import SnowpackNet


def run(meta_steps=2, tasks=3):
    net = SnowpackNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(meta_steps):
        opt.zero_grad()
        total = 0.0
        for _ in range(tasks):
            xs, ys = torch.randn(6, 48), torch.randint(0, 3, (6,))
            xq, yq = torch.randn(6, 48), torch.randint(0, 3, (6,))
            fast = adapt(net, dict(net.named_parameters()), xs, ys, first_order=True)
            total = total + query_loss(net, fast, xq, yq)
        total.backward()
        opt.step()
        print(step, float(total))


if __name__ == "__main__":
    run()
