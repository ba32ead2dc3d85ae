import torch
import torch.nn as nn
import torch.nn.functional as F

from meta import meta_step
from models import EyePatchNet


def person_task(k_shot=4, k_query=6):
    def draw(n):
        gaze = F.normalize(torch.randn(n, 3) + torch.tensor([0.0, 0.0, -2.0]), dim=-1)
        return torch.rand(n, 1, 36, 60), 0.2 * torch.randn(n, 2), gaze
    return draw(k_shot), draw(k_query)


def main(epochs=2):
    model = nn.DataParallel(EyePatchNet())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for ep in range(epochs):
        tasks = [person_task() for _ in range(3)]
        err = meta_step(model.module, opt, tasks, inner_steps=2, first_order=False)
        print(ep, err)


if __name__ == "__main__":
    main()
