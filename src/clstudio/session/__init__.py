"""The session: its versioned file format, readers, argument specs, sample pictures, gallery."""

from clstudio.session.args import (
    ADDRESSING_MODES,
    FILTER_MODES,
    IMAGE_ACCESS_MODES,
    INIT_KINDS,
    ArgSpec,
    BufferArg,
    ContentsError,
    ImageArg,
    Init,
    LocalArg,
    SamplerArg,
    ScalarArg,
    initial_contents,
    picture_problem,
)
from clstudio.session.fields import MAX_DIMS, MAX_ITEMS, SessionError, read_npy_header
from clstudio.session.format import (
    DeviceSelector,
    Reference,
    Session,
    load_session,
    parse_session,
    session_to_dict,
)
from clstudio.session.gallery import GalleryError, examples, kernels_dir
from clstudio.session.properties import own_copy, title_of, with_description, with_title
from clstudio.session.sample_images import CHANNEL_ORDERS, CHANNEL_TYPES, SAMPLE_IMAGES
from clstudio.session.saving import SavePlan, plan_save, relocated, save_session, write_planned
from clstudio.session.sizes import Path as SizePath
from clstudio.session.sizes import path_text, with_sizes, without_stale_links

__all__ = [
    "ADDRESSING_MODES",
    "CHANNEL_ORDERS",
    "CHANNEL_TYPES",
    "FILTER_MODES",
    "IMAGE_ACCESS_MODES",
    "INIT_KINDS",
    "MAX_DIMS",
    "MAX_ITEMS",
    "SAMPLE_IMAGES",
    "ArgSpec",
    "BufferArg",
    "ContentsError",
    "DeviceSelector",
    "GalleryError",
    "ImageArg",
    "Init",
    "LocalArg",
    "Reference",
    "SamplerArg",
    "SavePlan",
    "ScalarArg",
    "Session",
    "SessionError",
    "SizePath",
    "examples",
    "initial_contents",
    "kernels_dir",
    "load_session",
    "own_copy",
    "parse_session",
    "path_text",
    "picture_problem",
    "plan_save",
    "read_npy_header",
    "relocated",
    "save_session",
    "session_to_dict",
    "title_of",
    "with_description",
    "with_sizes",
    "with_title",
    "without_stale_links",
    "write_planned",
]
