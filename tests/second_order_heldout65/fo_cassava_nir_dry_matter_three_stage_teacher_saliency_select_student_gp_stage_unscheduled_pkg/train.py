"""Run the scheduled stages in order."""
import logging

import torch

from config import CONFIG, PIPELINE
from stages import STAGES


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(CONFIG["seed"])
    gen = torch.Generator().manual_seed(CONFIG["seed"])
    state = {}
    for name in PIPELINE:
        state = STAGES[name](state, CONFIG, gen)
    logging.getLogger("cassava_nir").info("done: stages %s, %d wavelengths kept", ",".join(PIPELINE),
                                          state["keep"].numel())


if __name__ == "__main__":
    main()
