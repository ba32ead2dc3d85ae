import torch

from geometry import disk_boundary, disk_interior
from model import PressureField
from physics import pinn_loss


def main(iters=3):
    torch.manual_seed(0)
    model = PressureField()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for it in range(iters):
        loss = pinn_loss(model, disk_interior(64), disk_boundary(32))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.5f}")


if __name__ == "__main__":
    main()
